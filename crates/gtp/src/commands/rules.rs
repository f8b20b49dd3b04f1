//! Rule options: `go_rules`, `go_param_rules`, `kgs-rules`.

use go_board::{KoRule, Rules, Scoring, SuicideRule};

use crate::{AnalyzeKind, ArgError, GtpError, HasGame, Registry, Response};

/// The named rule sets `go_rules` knows, without komi (rule changes keep the
/// komi: controllers send it with `komi`).
/// A rule-set name and its rules.
type RuleSet = (&'static str, fn() -> Rules);

const RULE_SETS: [RuleSet; 4] = [
    ("japanese", Rules::japanese),
    ("chinese", Rules::chinese),
    ("tromp-taylor", Rules::tromp_taylor),
    ("new-zealand", Rules::new_zealand),
];

/// AGA rules as KGS means them: area scoring, situational superko, no
/// suicide.
fn aga() -> Rules {
    Rules {
        ko: KoRule::SituationalSuperko,
        suicide: SuicideRule::Illegal,
        scoring: Scoring::Area,
        komi: 7.5,
    }
}

fn same_rules(a: &Rules, b: &Rules) -> bool {
    a.ko == b.ko && a.suicide == b.suicide && a.scoring == b.scoring
}

fn invalid(expected: &'static str, found: &str) -> GtpError {
    GtpError::Syntax(ArgError::Invalid {
        expected,
        found: found.to_string(),
    })
}

/// Applies `rules` but keeps the current komi.
fn set_rules_keep_komi(state: &mut impl HasGame, rules: Rules) {
    let komi = state.game().rules().komi;
    state.game_mut().set_rules(rules.with_komi(komi));
}

fn ko_name(ko: KoRule) -> &'static str {
    match ko {
        KoRule::Simple => "simple",
        KoRule::PositionalSuperko => "positional-superko",
        KoRule::SituationalSuperko => "situational-superko",
    }
}

fn suicide_name(suicide: SuicideRule) -> &'static str {
    match suicide {
        SuicideRule::Illegal => "illegal",
        SuicideRule::Allowed => "allowed",
    }
}

fn scoring_name(scoring: Scoring) -> &'static str {
    match scoring {
        Scoring::Area => "area",
        Scoring::Territory => "territory",
    }
}

pub(super) fn register_rules<S: HasGame>(registry: &mut Registry<S>) {
    registry
        // `go_rules`: the rule set by name (as Fuego's command of that name).
        .register("go_rules", |state: &mut S, args| {
            let Some(name) = args.next_opt::<String>()? else {
                let current = state.game().rules();
                let name = RULE_SETS
                    .iter()
                    .find(|(_, rules)| same_rules(&rules(), current))
                    .map_or("custom", |(name, _)| name);
                return Ok(Response::from(name));
            };
            let rules: Rules = name
                .parse()
                .map_err(|_| invalid("japanese, chinese, tromp-taylor or new-zealand", &name))?;
            set_rules_keep_komi(state, rules);
            Ok(Response::empty())
        })
        // `go_param_rules`: one rule at a time; without arguments, all.
        .register("go_param_rules", |state: &mut S, args| {
            let Some(key) = args.next_opt::<String>()? else {
                let rules = state.game().rules();
                return Ok(Response::lines([
                    format!("ko {}", ko_name(rules.ko)),
                    format!("suicide {}", suicide_name(rules.suicide)),
                    format!("scoring {}", scoring_name(rules.scoring)),
                ]));
            };
            let value = args.next_string()?;
            let mut rules = *state.game().rules();
            match key.as_str() {
                "ko" => {
                    rules.ko = [
                        KoRule::Simple,
                        KoRule::PositionalSuperko,
                        KoRule::SituationalSuperko,
                    ]
                    .into_iter()
                    .find(|&ko| ko_name(ko) == value)
                    .ok_or_else(|| {
                        invalid("simple, positional-superko or situational-superko", value)
                    })?;
                }
                "suicide" => {
                    rules.suicide = [SuicideRule::Illegal, SuicideRule::Allowed]
                        .into_iter()
                        .find(|&s| suicide_name(s) == value)
                        .ok_or_else(|| invalid("illegal or allowed", value))?;
                }
                "scoring" => {
                    rules.scoring = [Scoring::Area, Scoring::Territory]
                        .into_iter()
                        .find(|&s| scoring_name(s) == value)
                        .ok_or_else(|| invalid("area or territory", value))?;
                }
                _ => return Err(invalid("ko, suicide or scoring", &key)),
            }
            state.game_mut().set_rules(rules);
            Ok(Response::empty())
        })
        // `kgs-rules`: what the KGS client sends (japanese, chinese, aga,
        // new_zealand).
        .register("kgs-rules", |state: &mut S, args| {
            let name = args.next_string()?;
            let rules = match name.to_ascii_lowercase().as_str() {
                "japanese" => Rules::japanese(),
                "chinese" => Rules::chinese(),
                "aga" => aga(),
                "new_zealand" => Rules::new_zealand(),
                _ => return Err(invalid("japanese, chinese, aga or new_zealand", name)),
            };
            set_rules_keep_komi(state, rules);
            Ok(Response::empty())
        })
        .add_analyze(AnalyzeKind::String, "Rules", "go_param_rules");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Game;
    use crate::protocol::Command;

    fn call(registry: &Registry<Game>, game: &mut Game, line: &str) -> Result<String, GtpError> {
        let command: Command = line.parse().unwrap();
        registry.call(game, &command).map(|r| r.into_text())
    }

    #[test]
    fn rule_changes_keep_komi_and_read_back() {
        let mut registry = Registry::new("t", "0");
        register_rules(&mut registry);
        let mut game = Game::default();
        game.set_komi(0.5);
        assert_eq!(
            call(&registry, &mut game, "go_rules"),
            Ok("japanese".into())
        );
        call(&registry, &mut game, "go_rules chinese").unwrap();
        assert_eq!(game.rules().komi, 0.5);
        assert_eq!(call(&registry, &mut game, "go_rules"), Ok("chinese".into()));
        call(&registry, &mut game, "go_param_rules suicide allowed").unwrap();
        assert_eq!(
            call(&registry, &mut game, "go_rules"),
            Ok("tromp-taylor".into())
        );
        call(&registry, &mut game, "go_param_rules scoring territory").unwrap();
        assert_eq!(call(&registry, &mut game, "go_rules"), Ok("custom".into()));
        assert_eq!(
            call(&registry, &mut game, "go_param_rules"),
            Ok("ko positional-superko\nsuicide allowed\nscoring territory".into())
        );
        call(&registry, &mut game, "kgs-rules aga").unwrap();
        assert_eq!(game.rules().ko, KoRule::SituationalSuperko);
        assert!(call(&registry, &mut game, "go_param_rules ko never").is_err());
        assert!(call(&registry, &mut game, "kgs-rules ing").is_err());
    }
}
