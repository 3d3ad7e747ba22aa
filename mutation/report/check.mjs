// node check.mjs REPORT.json: validates a report against the pinned
// mutation-testing-report-schema with ajv and prints, as one JSON line,
// {"valid": bool, "errors": [...], "metrics": {...}} where metrics are
// mutation-testing-metrics' calculateMetrics totals of the report's files.
// mutation/report_test.go runs it.
import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import { calculateMetrics } from 'mutation-testing-metrics';
import { schema } from 'mutation-testing-report-schema';

const report = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const ajv = new Ajv({ allErrors: true, strict: false, logger: false });
const validate = ajv.compile(schema);
const valid = validate(report);
const m = calculateMetrics(report.files).metrics;
process.stdout.write(JSON.stringify({ valid, errors: validate.errors ?? [], metrics: m }) + '\n');
