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

/// Fuego's names of the ko rules (`go_param_rules ko_rule …`): `superko`
/// is situational, `pos_superko` positional.
const KO_RULES: [(KoRule, &str); 3] = [
    (KoRule::Simple, "simple"),
    (KoRule::SituationalSuperko, "superko"),
    (KoRule::PositionalSuperko, "pos_superko"),
];

fn ko_name(ko: KoRule) -> &'static str {
    KO_RULES
        .iter()
        .find(|(rule, _)| *rule == ko)
        .map_or("simple", |(_, name)| name)
}

/// A `0`/`1` flag, as Fuego's parameters take them.
fn flag(value: &str) -> Result<bool, GtpError> {
    match value {
        "0" | "false" => Ok(false),
        "1" | "true" => Ok(true),
        _ => Err(invalid("0 or 1", value)),
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
        // `go_param_rules`: Fuego's rule parameters, one at a time; without
        // arguments, all of them in GoGui's `param` format.
        .register("go_param_rules", |state: &mut S, args| {
            let Some(key) = args.next_opt::<String>()? else {
                let rules = state.game().rules();
                return Ok(Response::lines([
                    format!(
                        "[bool] allow_suicide {}",
                        u8::from(rules.suicide == SuicideRule::Allowed)
                    ),
                    format!(
                        "[bool] japanese_scoring {}",
                        u8::from(rules.scoring == Scoring::Territory)
                    ),
                    format!(
                        "[list/simple/superko/pos_superko] ko_rule {}",
                        ko_name(rules.ko)
                    ),
                ]));
            };
            let value = args.next_string()?;
            let mut rules = *state.game().rules();
            match key.as_str() {
                "allow_suicide" => {
                    rules.suicide = if flag(value)? {
                        SuicideRule::Allowed
                    } else {
                        SuicideRule::Illegal
                    };
                }
                "japanese_scoring" => {
                    rules.scoring = if flag(value)? {
                        Scoring::Territory
                    } else {
                        Scoring::Area
                    };
                }
                "ko_rule" => {
                    rules.ko = KO_RULES
                        .iter()
                        .find(|(_, name)| *name == value)
                        .map(|(rule, _)| *rule)
                        .ok_or_else(|| invalid("simple, superko or pos_superko", value))?;
                }
                _ => {
                    return Err(invalid("allow_suicide, japanese_scoring or ko_rule", &key));
                }
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
        .add_analyze(AnalyzeKind::Param, "Rules", "go_param_rules");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::TimedGame;
    use crate::protocol::Command;

    fn call(
        registry: &Registry<TimedGame>,
        game: &mut TimedGame,
        line: &str,
    ) -> Result<String, GtpError> {
        let command: Command = line.parse().unwrap();
        registry.call(game, &command).map(|r| r.into_text())
    }

    #[test]
    fn rule_changes_keep_komi_and_read_back() {
        let mut registry = Registry::new("t", "0");
        register_rules(&mut registry);
        let mut game = TimedGame::default();
        game.set_komi(0.5).unwrap();
        assert_eq!(
            call(&registry, &mut game, "go_rules"),
            Ok("japanese".into())
        );
        call(&registry, &mut game, "go_rules chinese").unwrap();
        assert_eq!(game.rules().komi, 0.5);
        assert_eq!(call(&registry, &mut game, "go_rules"), Ok("chinese".into()));
        call(&registry, &mut game, "go_param_rules allow_suicide 1").unwrap();
        assert_eq!(
            call(&registry, &mut game, "go_rules"),
            Ok("tromp-taylor".into())
        );
        call(&registry, &mut game, "go_param_rules japanese_scoring 1").unwrap();
        assert_eq!(call(&registry, &mut game, "go_rules"), Ok("custom".into()));
        assert_eq!(
            call(&registry, &mut game, "go_param_rules"),
            Ok("[bool] allow_suicide 1\n[bool] japanese_scoring 1\n\
                [list/simple/superko/pos_superko] ko_rule pos_superko"
                .into())
        );
        call(&registry, &mut game, "kgs-rules aga").unwrap();
        assert_eq!(game.rules().ko, KoRule::SituationalSuperko);
        call(&registry, &mut game, "go_param_rules ko_rule superko").unwrap();
        assert_eq!(game.rules().ko, KoRule::SituationalSuperko);
        assert!(call(&registry, &mut game, "go_param_rules ko_rule never").is_err());
        assert!(call(&registry, &mut game, "go_param_rules allow_suicide yes").is_err());
        assert!(call(&registry, &mut game, "kgs-rules ing").is_err());
    }
}
