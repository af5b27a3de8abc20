export * from './campaigns';
export * from './donations';
export * from './lookups';
export * from './organisations';
export * from './payouts';
export * from './relations';
export * from './site';
export * from './users';
