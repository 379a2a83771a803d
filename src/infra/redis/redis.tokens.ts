export const REDIS = Symbol('REDIS');
