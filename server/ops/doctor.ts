// `npm run doctor`: checks configuration, database, mail, payments, disk and clock, in plain
// words; exits 1 when something must be fixed.
import { formatChecks, runDoctor } from './doctor-checks';

const checks = await runDoctor(process.env);
console.log(formatChecks(checks));
process.exitCode = checks.some((c) => c.verdict === 'fail') ? 1 : 0;
