export const SERVICE_NAME = Symbol('SERVICE_NAME');
