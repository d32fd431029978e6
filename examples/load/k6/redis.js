// Stairs of examples/scenarios/redis.yaml for k6 users (hey runs them here: examples/run-scenario.sh redis).
// Needs Redis at 127.0.0.1:6379. Expected: step 3 (or 4 on a quiet host) limited by the downstream
// 127.0.0.1:6379, awaited at SellerRanking.top (Redis's one core busy with the per-request blend).
import { stairs } from './lib/stairs.js';

const test = stairs({
  rates: [10, 25, 80, 150],
  stepSeconds: 30,
  ciStepSeconds: 12,
  maxVUs: 100,
  endpoint: 'rankings',
  method: 'GET',
  path: '/rankings/sellers',
});

export const options = test.options;
export default test.run;
