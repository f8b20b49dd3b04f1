//! Snapshots of the text and SVG renderings of a territory map.

use go_board::Board;
use go_patterns::svg::{HeatMap, heat_map};
use go_patterns::text::{Shades, shade_map, value_grid};
use go_patterns::{DecayInfluence, Morphology};

fn position() -> Board {
    Board::from_diagram(
        ". . . . .
         . X . . .
         . X . O .
         . . . O .
         . . . . .",
    )
    .unwrap()
}

#[test]
fn territory_text_renderings() {
    let board = position();
    let t = Morphology::MOYO.territory(&board);
    let geo = board.geometry();
    let grid = value_grid(geo, |p| Some(t.value(p).to_string()));
    insta::assert_snapshot!("moyo_values", grid);
    let shades = shade_map(geo, |p| Some(f64::from(t.value(p))), &Shades::signed(128.0));
    insta::assert_snapshot!("moyo_shades", shades);
}

#[test]
fn influence_svg_heat_map() {
    let board = position();
    let influence = DecayInfluence::default().compute(&board);
    let svg = heat_map(
        board.geometry(),
        |p| board.color_at(p),
        |p| Some(influence[p]),
        &HeatMap::signed(2.0).with_title("influence (1/2)^d"),
    );
    insta::assert_snapshot!("influence_svg", svg);
}
