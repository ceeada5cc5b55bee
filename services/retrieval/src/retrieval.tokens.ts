export const VECTOR_INDEX = Symbol('VECTOR_INDEX');
export const EMBEDDER = Symbol('EMBEDDER');
export const EMBEDDER_ID = Symbol('EMBEDDER_ID');
