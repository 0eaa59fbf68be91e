export * from './stores.ts';
export * from './auth.ts';
export * from './registration.ts';
export * from './files.ts';
export * from './mail.ts';
export * from './public.ts';
export * from './products.ts';
export * from './imports.ts';
