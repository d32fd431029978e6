// Stairs of examples/scenarios/db-row-lock-mariadb.yaml for k6 users (hey runs them here: examples/run-scenario.sh db-row-lock-mariadb, on MariaDB; the exporters: docs/dependencies.md).
// Expected: database saturated from step 3, row lock waits (database-row-locks) with MySQL's exporter recorded (MariaDB: InnoDB row lock waits).
import { stairs } from './lib/stairs.js';

const test = stairs({
  rates: [4, 10, 50, 100],
  stepSeconds: 30,
  ciStepSeconds: 12,
  maxVUs: 200,
  endpoint: 'orders',
  method: 'POST',
  path: '/orders',
  body: open('../orders.json'),
});

export const options = test.options;
export default test.run;
