// Stairs of examples/scenarios/db-cpu.yaml for k6 users (hey runs them here: examples/run-scenario.sh db-cpu; the exporters: docs/dependencies.md).
// Expected: database saturated from step 3, on CPU (database-cpu) with PostgreSQL's and the node exporter recorded.
import { stairs } from './lib/stairs.js';

const test = stairs({
  rates: [5, 15, 45, 90],
  stepSeconds: 30,
  ciStepSeconds: 12,
  maxVUs: 60,
  endpoint: 'stores',
  method: 'GET',
  path: '/districts/7/stores?category=3',
});

export const options = test.options;
export default test.run;
