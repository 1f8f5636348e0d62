//! The site tool's integration tests, one binary (as ripgrep's and
//! mdBook's are): each module tests one area through the library's API or
//! the built binary, and `common` holds what they share: the project, its
//! scratch copies, builds, and the real site built once per run
//! (`common::pages`).

mod common;

mod budgets;
mod calculator_distribution;
mod calculator_shared;
mod chart_labels;
mod cli_schedule;
mod cli_schedule_cost;
mod cli_schedule_count;
mod cli_schedule_curve;
mod cli_schedule_fit;
mod cli_schedule_sample;
mod cli_simulate;
mod cli_storm;
mod clients_view;
mod contention_page;
mod defaults_page;
mod dist_wasm_parity;
mod experiment_cache;
mod fixtures;
mod fourth_language;
mod ftl_figures;
mod hosting;
mod inputs;
mod js_numbers;
mod limits;
mod markup_safety;
mod output_safety;
mod practice_page;
mod presets;
mod serve;
mod site_build;
mod snippet_ranges;
mod snippets;
mod snippets_parity;
mod storm_wasm_parity;
mod storms_page;
mod text_checks;
mod tidy;
mod unchanged_pages;
mod wasm_parity;
