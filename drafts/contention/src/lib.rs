#![no_std]
pub mod normal;
pub mod rng;
