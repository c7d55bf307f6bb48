/** The settings' entrance for the trigger: the rules of the numbers it reads, shared with the node's hook. */
export { maxAgeSeconds } from './settings';
export { ruledNumber, type NumberSetting } from './numberRules';
