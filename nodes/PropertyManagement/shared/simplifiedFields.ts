/**
 * Only for the tests' imports (test/node/ux/simplify.test.ts, toolDefaults.test.ts) until they
 * import SIMPLIFIED_FIELDS from resources/: each resource lists its own fields (shared/simplify.ts).
 */
export { SIMPLIFIED_FIELDS } from '../resources';
