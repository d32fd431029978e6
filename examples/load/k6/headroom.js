// Stairs of examples/scenarios/headroom.yaml for k6 users (hey runs them here: examples/run-scenario.sh headroom).
// Expected: none.
import { stairs } from './lib/stairs.js';

const test = stairs({
  rates: [0.16, 1, 3.2],
  stepSeconds: 30,
  ciStepSeconds: 12,
  maxVUs: 4,
  endpoint: 'products',
  method: 'GET',
  path: '/products?category=2&minPrice=10&maxPrice=500',
});

export const options = test.options;
export default test.run;
