import fc from "fast-check";

// Every property test runs from one known seed, so a CI run is a run anyone can repeat; set FRAY_PROPERTY_SEED to
// explore other seeds (a failure prints the seed and path that reproduce it).
fc.configureGlobal({ seed: Number(process.env.FRAY_PROPERTY_SEED) || 20261124 });
