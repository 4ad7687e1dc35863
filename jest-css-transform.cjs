// jest: a .css import (a remote's or the kit's stylesheet; webpack bundles them) is its text, as a CommonJS string.
module.exports = {
  process(sourceText) {
    return { code: `module.exports = ${JSON.stringify(sourceText)};` };
  },
};
