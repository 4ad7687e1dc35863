module.exports = { ...require('../../jest.preset.cjs'), displayName: 'server-kit' };
