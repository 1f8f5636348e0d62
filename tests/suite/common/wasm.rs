//! One instance of a WebAssembly module in the wasmi interpreter, used as
//! the page's script uses the calculator's module: instantiated with no
//! imports, numbers written to and read from its exported `memory` at the
//! addresses its exports return. The one harness of `tests/suite/wasm_parity.rs`
//! and `tests/suite/dist_wasm_parity.rs` (with `dist_wasm/export.rs`); it names no
//! export but `memory`, so each test keeps its own calls.

use wasmi::{Engine, Linker, Memory, Module, Store, TypedFunc, WasmParams, WasmResults};

pub struct Instance {
    pub store: Store<()>,
    memory: Memory,
    instance: wasmi::Instance,
    /// The names of the module's exports, in the module's order.
    pub exports: Vec<String>,
}

impl Instance {
    pub fn new(bytes: &[u8]) -> Instance {
        let engine = Engine::default();
        let module = Module::new(&engine, bytes).expect("a valid module");
        let mut store = Store::new(&engine, ());
        // The browser instantiates the module with no imports at all.
        let instance = Linker::<()>::new(&engine)
            .instantiate_and_start(&mut store, &module)
            .expect("the module instantiates without imports");
        let memory = instance
            .get_memory(&store, "memory")
            .expect("exports its memory");
        let exports = module.exports().map(|e| e.name().to_string()).collect();
        Instance {
            store,
            memory,
            instance,
            exports,
        }
    }

    /// The export `name`, of the given signature.
    pub fn func<P: WasmParams, R: WasmResults>(&self, name: &str) -> TypedFunc<P, R> {
        self.instance
            .get_typed_func(&self.store, name)
            .unwrap_or_else(|err| panic!("the export `{name}`: {err}"))
    }

    /// `len` bytes of memory from `address`.
    pub fn read(&self, address: u32, len: usize) -> Vec<u8> {
        let mut bytes = vec![0u8; len];
        self.memory
            .read(&self.store, address as usize, &mut bytes)
            .expect("the buffer lies inside memory");
        bytes
    }

    /// `values` as little-endian f64 values into memory from `address`.
    pub fn write_f64s(&mut self, address: u32, values: &[f64]) {
        let bytes: Vec<u8> = values.iter().flat_map(|x| x.to_le_bytes()).collect();
        self.memory
            .write(&mut self.store, address as usize, &bytes)
            .expect("the buffer lies inside memory");
    }

    /// `len` f64 values from the address export `buffer` returns, as their
    /// bits.
    pub fn f64_bits(&mut self, buffer: TypedFunc<(), u32>, len: usize) -> Vec<u64> {
        let address = buffer.call(&mut self.store, ()).unwrap();
        bits(&self.read(address, len * 8))
    }
}

/// Little-endian f64 values, as their bits.
pub fn bits(bytes: &[u8]) -> Vec<u64> {
    bytes
        .chunks_exact(8)
        .map(|b| u64::from_le_bytes(b.try_into().unwrap()))
        .collect()
}
