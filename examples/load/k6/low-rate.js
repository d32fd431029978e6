// Stairs of examples/scenarios/low-rate.yaml for k6 users (hey runs them here: examples/run-scenario.sh low-rate).
// Expected: tomcat-workers saturated from step 3.
import { stairs } from './lib/stairs.js';

const test = stairs({
  rates: [0.5, 1, 3, 5],
  stepSeconds: 30,
  ciStepSeconds: 12,
  maxVUs: 20,
  endpoint: 'search',
  method: 'GET',
  path: '/search?q=trail+bike',
});

export const options = test.options;
export default test.run;
