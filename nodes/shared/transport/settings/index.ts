/** The settings' entrance for the trigger: the one Max Age rule, shared with the node's hook. */
export { maxAgeSeconds } from './settings';
