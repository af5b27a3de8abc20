export * from './campaigns';
export * from './donations';
export * from './lookups';
export * from './organisations';
export * from './payouts';
export * from './site';
export * from './teamMembers';
export * from './users';
