// The webpack aliases the shared facades (./*.ts) import the real packages through.
declare module '@apollo/client-full' {
  export * from '@apollo/client';
}
declare module '@apollo/client-full/react' {
  export * from '@apollo/client/react';
}
