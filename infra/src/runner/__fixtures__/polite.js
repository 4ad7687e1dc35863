// Test fixture: a service that stops on SIGTERM after a short drain, exit 0.
process.on('SIGTERM', () => setTimeout(() => process.exit(0), 200));
console.log('up');
setInterval(() => undefined, 60_000);
