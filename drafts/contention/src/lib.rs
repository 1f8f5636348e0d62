#![no_std]
pub mod normal;
pub mod rng;
pub mod sim;
