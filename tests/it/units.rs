//! The core's unit tests of its private parts (grading rules on tiny
//! Kakuro grids, lattice reduction, the ball listing, the dense generator's
//! estimate). They live beside the code they test and are compiled into
//! the library with the `internals` feature; run here, in the one test
//! binary, `cargo test` builds the core once instead of twice.

use crypta_core::internals::unit;

mod prime {
    use super::unit::prime as unit;

    #[test]
    fn strong_pseudoprimes_to_base_2_pass_it_alone() {
        unit::strong_pseudoprimes_to_base_2_pass_it_alone();
    }

    #[test]
    fn strong_lucas_pseudoprimes_pass_it_alone() {
        unit::strong_lucas_pseudoprimes_pass_it_alone();
    }

    #[test]
    fn agrees_with_num_prime() {
        unit::agrees_with_num_prime();
    }
}

mod dense {
    use super::unit::dense as unit;

    #[test]
    fn signs_follow_the_sides_and_parentheses() {
        unit::signs_follow_the_sides_and_parentheses();
    }

    #[test]
    fn letters_that_can_trade_values_are_dropped() {
        unit::letters_that_can_trade_values_are_dropped();
    }
}

mod kakuro_grading {
    use super::unit::kakuro_grading as unit;

    #[test]
    fn unique_sum_fills_a_run_from_its_only_set() {
        unit::unique_sum_fills_a_run_from_its_only_set();
    }

    #[test]
    fn naked_single_clears_the_digit_from_both_runs() {
        unit::naked_single_clears_the_digit_from_both_runs();
    }

    #[test]
    fn crossing_runs_intersect_the_digits_of_both_runs() {
        unit::crossing_runs_intersect_the_digits_of_both_runs();
    }

    #[test]
    fn sum_combinations_keep_the_sets_that_fit() {
        unit::sum_combinations_keep_the_sets_that_fit();
    }

    #[test]
    fn last_cells_make_what_the_run_leaves() {
        unit::last_cells_make_what_the_run_leaves();
    }

    #[test]
    fn hidden_single_places_the_digit_every_set_needs() {
        unit::hidden_single_places_the_digit_every_set_needs();
    }

    #[test]
    fn naked_pair_takes_its_digits_from_the_other_cells() {
        unit::naked_pair_takes_its_digits_from_the_other_cells();
    }

    #[test]
    fn combination_elimination_fills_the_run_cell_by_cell() {
        unit::combination_elimination_fills_the_run_cell_by_cell();
    }

    #[test]
    fn outies_of_a_row_have_the_sum_left_over() {
        unit::outies_of_a_row_have_the_sum_left_over();
    }

    #[test]
    fn a_small_grid_is_solved_by_easy_steps() {
        unit::a_small_grid_is_solved_by_easy_steps();
    }

    #[test]
    fn a_step_against_the_solution_is_an_error() {
        unit::a_step_against_the_solution_is_an_error();
    }

    #[test]
    fn clue_range_bounds_a_clue_word_by_its_cells() {
        unit::clue_range_bounds_a_clue_word_by_its_cells();
    }

    #[test]
    fn a_run_with_a_clue_word_takes_the_sums_its_letters_allow() {
        unit::a_run_with_a_clue_word_takes_the_sums_its_letters_allow();
    }

    #[test]
    fn clue_sums_skip_the_sums_the_cells_cannot_make() {
        unit::clue_sums_skip_the_sums_the_cells_cannot_make();
    }

    #[test]
    fn taken_digit_leaves_the_other_letters() {
        unit::taken_digit_leaves_the_other_letters();
    }

    #[test]
    fn hidden_letter_gives_the_one_letter_a_digit_can_go_to() {
        unit::hidden_letter_gives_the_one_letter_a_digit_can_go_to();
    }

    #[test]
    fn letter_subset_takes_its_digits_from_the_other_letters() {
        unit::letter_subset_takes_its_digits_from_the_other_letters();
    }

    #[test]
    fn the_euler_example_is_solved_by_steps_from_its_solution() {
        unit::the_euler_example_is_solved_by_steps_from_its_solution();
    }

    #[test]
    fn clue_and_cells_give_a_letter_one_digit_in_its_clue_and_its_cell() {
        unit::clue_and_cells_give_a_letter_one_digit_in_its_clue_and_its_cell();
    }

    #[test]
    fn block_innies_and_outies_work_on_part_of_a_row() {
        unit::block_innies_and_outies_work_on_part_of_a_row();
    }
}

mod ball {
    use super::unit::ball as unit;

    #[test]
    fn the_ball_holds_exactly_the_points_brute_force_finds() {
        unit::the_ball_holds_exactly_the_points_brute_force_finds();
    }
}

mod lattice {
    use super::unit::lattice as unit;

    #[test]
    fn restriction_keeps_exactly_the_points_on_the_hyperplane() {
        unit::restriction_keeps_exactly_the_points_on_the_hyperplane();
    }

    #[test]
    fn reduction_keeps_the_lattice_and_leaves_it_reduced() {
        unit::reduction_keeps_the_lattice_and_leaves_it_reduced();
    }

    #[test]
    fn reduction_finds_the_short_vectors() {
        unit::reduction_finds_the_short_vectors();
    }
}

mod grade_text {
    use super::unit::grade_text as unit;

    #[test]
    fn names_are_filled_in_where_the_ids_were() {
        unit::names_are_filled_in_where_the_ids_were();
    }

    #[test]
    fn a_step_knows_the_variables_it_names() {
        unit::a_step_knows_the_variables_it_names();
    }
}

mod linear_count {
    use super::unit::linear_count as unit;

    #[test]
    fn counts_as_every_assignment_counts() {
        unit::counts_as_every_assignment_counts();
    }

    #[test]
    fn a_node_budget_interrupts_the_count() {
        unit::a_node_budget_interrupts_the_count();
    }
}

mod driver {
    use super::unit::driver as unit;

    #[test]
    fn every_caller_stops_on_the_same_node_budget() {
        unit::every_caller_stops_on_the_same_node_budget();
    }

    #[test]
    fn every_caller_stops_on_a_raised_interrupt() {
        unit::every_caller_stops_on_a_raised_interrupt();
    }

    #[test]
    fn a_budget_of_n_nodes_stops_at_the_next() {
        unit::a_budget_of_n_nodes_stops_at_the_next();
    }

    /// The judges run their datasets under the same driver (a layer
    /// above `run`, so checked here): the node budget and a raised
    /// interrupt stop a dataset the direct count would answer.
    #[test]
    fn a_judge_stops_on_the_same_node_budget_and_interrupt() {
        use std::sync::atomic::AtomicBool;
        use std::sync::Arc;

        use crypta_core::judge::Problem;
        use crypta_core::Options;

        let input = "3\nSEND\nMORE\nMONEY\n0\n";
        let free = Problem::Icpc2009c.judge(input, &Options::new());
        assert_eq!(free.as_ref().map(String::as_str), Ok("1\n"));
        let stopped = "dataset 1: a limit stopped the search";
        for nodes in [0, 1] {
            let cut = Problem::Icpc2009c.judge(input, &Options::new().max_nodes(nodes));
            assert_eq!(cut.map_err(|e| e.to_string()), Err(stopped.to_string()));
        }
        let flag = Arc::new(AtomicBool::new(true));
        let cut = Problem::Icpc2009c.judge(input, &Options::new().interrupt(flag));
        assert_eq!(cut.map_err(|e| e.to_string()), Err(stopped.to_string()));
    }
}
