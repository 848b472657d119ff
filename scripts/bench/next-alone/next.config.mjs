import path from 'node:path';

/** Next alone, for `npm run bench`: this folder is built as an app of its own, on the repository's node_modules. */
const nextAloneConfig = {
  poweredByHeader: false,
  turbopack: { root: path.resolve(import.meta.dirname, '../../..') },
};

export default nextAloneConfig;
