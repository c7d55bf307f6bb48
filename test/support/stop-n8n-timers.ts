import { stopN8nTimers } from './n8nTimers';

// n8n-core's 60 s SSH-client sweep would keep each jest worker alive after its last test
afterAll(() => stopN8nTimers());
