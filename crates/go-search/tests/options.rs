//! The sizes users set: transposition-table bits and node budgets. `try_new` refuses
//! what is out of range with an [`OptionsError`]; `new` clamps the table size and
//! reports the size it kept, and runs a zero budget out at once.

#![cfg(feature = "go")]

use go_search::tactics::{Reader, ReaderOptions, TacticalCode};
use go_search::toys::Nim;
use go_search::{
    AlphaBeta, AlphaBetaOptions, Dfpn, DfpnOptions, MAX_TT_BITS, Neutral, OptionsError, Player,
    SearchLimits, StopReason, WinGoal,
};

fn no_nodes() -> SearchLimits {
    SearchLimits::default().with_nodes(0)
}

#[test]
fn try_new_refuses_table_sizes_out_of_range() {
    for bits in [0, MAX_TT_BITS + 1, 40, 63, u32::MAX] {
        let ab = AlphaBetaOptions::default().with_tt_bits(bits);
        assert_eq!(
            AlphaBeta::<Nim>::try_new(ab).err(),
            Some(OptionsError::TtBits(bits))
        );
        let dfpn = DfpnOptions::default().with_tt_bits(bits);
        assert_eq!(
            Dfpn::<Nim>::try_new(dfpn).err(),
            Some(OptionsError::TtBits(bits))
        );
        let reader = ReaderOptions::default().with_tt_bits(bits);
        assert_eq!(
            Reader::try_new(reader).err(),
            Some(OptionsError::TtBits(bits))
        );
    }
}

#[test]
fn try_new_refuses_a_zero_node_budget() {
    let ab = AlphaBetaOptions::default().with_limits(no_nodes());
    assert_eq!(
        AlphaBeta::<Nim>::try_new(ab).err(),
        Some(OptionsError::ZeroNodes)
    );
    let dfpn = DfpnOptions::default().with_limits(no_nodes());
    assert_eq!(
        Dfpn::<Nim>::try_new(dfpn).err(),
        Some(OptionsError::ZeroNodes)
    );
    let reader = ReaderOptions::default().with_nodes(0);
    assert_eq!(Reader::try_new(reader).err(), Some(OptionsError::ZeroNodes));
}

#[test]
fn try_new_accepts_the_range_and_searches() {
    let ab = AlphaBetaOptions::default().with_tt_bits(1);
    let mut ab = AlphaBeta::<Nim>::try_new(ab).unwrap();
    assert!(ab.search(&mut Nim::new(&[1, 2]), &Neutral).stop.is_solved());
    let mut dfpn = Dfpn::<Nim>::try_new(DfpnOptions::default().with_tt_bits(1)).unwrap();
    let proof = dfpn.solve(&mut Nim::new(&[1, 2]), &WinGoal::new(Player::First));
    assert_eq!(proof.stop, StopReason::Proved);
    let reader = Reader::try_new(ReaderOptions::default().with_tt_bits(10)).unwrap();
    assert_eq!(reader.options().tt_bits, 10);
}

#[test]
fn new_clamps_a_zero_table_size_to_one_bit_and_reports_it() {
    let ab = AlphaBeta::<Nim>::new(AlphaBetaOptions::default().with_tt_bits(0));
    assert_eq!(ab.options().tt_bits, 1);
    let dfpn = Dfpn::<Nim>::new(DfpnOptions::default().with_tt_bits(0));
    assert_eq!(dfpn.options().tt_bits, 1);
    let reader = Reader::new(ReaderOptions::default().with_tt_bits(0));
    assert_eq!(reader.options().tt_bits, 1);
}

#[test]
fn new_with_a_zero_node_budget_stops_at_once() {
    let mut ab = AlphaBeta::<Nim>::new(AlphaBetaOptions::default().with_limits(no_nodes()));
    let result = ab.search(&mut Nim::new(&[3, 4, 5]), &Neutral);
    assert_eq!(result.stop, StopReason::NodeLimit);
    let mut dfpn = Dfpn::<Nim>::new(DfpnOptions::default().with_limits(no_nodes()));
    let proof = dfpn.solve(&mut Nim::new(&[3, 4, 5]), &WinGoal::new(Player::First));
    assert_eq!(proof.stop, StopReason::NodeLimit);
    // The reader's searches run out, and a search that runs out fails the side asking.
    let board = go_board::Board::from_diagram(". X .\nX O X\n. . .").unwrap();
    let mut reader = Reader::new(ReaderOptions::default().with_nodes(0));
    let attack = reader.attack(&board, "B2".parse().unwrap()).unwrap();
    assert_eq!(attack.code, TacticalCode::Loss);
}
