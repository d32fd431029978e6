// Stairs of examples/scenarios/lock.yaml for k6 users (hey runs them here: examples/run-scenario.sh lock).
// Expected: lock at step 3 (the synchronized SupplierRateSheet.markup; achieved ~45 of 80 RPS); without the agent's JFR wait meters, unattributed.
import { stairs } from './lib/stairs.js';

const test = stairs({
  rates: [10, 25, 80, 150],
  stepSeconds: 30,
  ciStepSeconds: 12,
  maxVUs: 100,
  endpoint: 'quotes',
  method: 'GET',
  path: '/quotes?product=42',
});

export const options = test.options;
export default test.run;
