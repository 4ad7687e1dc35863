// The webpack aliases the shared facades (./*.ts) import the real packages through.
declare module 'react-router-full' {
  export * from 'react-router';
}
declare module '@apollo/client-full' {
  export * from '@apollo/client';
}
declare module '@apollo/client-full/react' {
  export * from '@apollo/client/react';
}
