// mf-search exposes page modules only; the shell's route table maps paths to them.
export default {
  name: 'mf_search',
  exposes: {
    './TopPage': './src/pages/top-page.tsx',
  },
};
