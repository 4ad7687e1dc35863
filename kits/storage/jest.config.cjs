module.exports = { ...require('../../jest.preset.cjs'), displayName: 'storage-kit' };
