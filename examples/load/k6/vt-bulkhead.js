// Stairs of examples/scenarios/vt-bulkhead.yaml for k6 users (hey runs them here: examples/run-scenario.sh vt-bulkhead,
// which starts the service on Java 25). Expected: steps 1-2 none; step 3 limited (achieved ~150-200 of 300 RPS):
// requests on virtual threads park in the 4-permit bulkhead (wait-site; unattributed before the agent samples
// virtual threads' waits).
import { stairs } from './lib/stairs.js';

const test = stairs({
  rates: [30, 60, 300, 450],
  stepSeconds: 30,
  ciStepSeconds: 12,
  maxVUs: 300,
  endpoint: 'recommendations',
  method: 'GET',
  path: '/recommendations?product=42',
});

export const options = test.options;
export default test.run;
