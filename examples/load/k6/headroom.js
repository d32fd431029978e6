// Stairs of examples/scenarios/headroom.yaml for k6 users (hey runs them here: examples/run-scenario.sh headroom).
// Expected: none.
import { stairs } from './lib/stairs.js';

const test = stairs({
  rates: [5, 6.5, 8],
  stepSeconds: 30,
  ciStepSeconds: 12,
  maxVUs: 40,
  endpoint: 'search',
  method: 'GET',
  path: '/search?q=trail+bike',
});

export const options = test.options;
export default test.run;
