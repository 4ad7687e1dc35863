// Test fixture: a service that logs one pino JSON line and the LOG_FORMAT it was given, then waits.
process.on('SIGTERM', () => process.exit(0));
console.log(JSON.stringify({ level: 30, time: Date.UTC(2026, 0, 2, 3, 4, 5), pid: process.pid, hostname: 'box', msg: 'listening', port: 4999 }));
console.log(`LOG_FORMAT=${process.env.LOG_FORMAT}`);
setInterval(() => undefined, 60_000);
