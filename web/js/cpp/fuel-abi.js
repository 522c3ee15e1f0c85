/**
 * What a fuelled program and its runner agree on (fuel.js rewrites programs; the
 * runner, wasi-run.js, answers the import): the import's module and name, and
 * the fuel tick() hands out each time (checks between two calls).
 */
export const FUEL_MODULE = "pixel_judge";
/** The fuel function's import name. */
export const FUEL_IMPORT = "tick";
/** The fuel tick() hands out each time. */
export const FUEL = 1 << 16;
