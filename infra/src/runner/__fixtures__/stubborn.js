// Test fixture: a service that ignores SIGTERM (the runner must SIGKILL it).
process.on('SIGTERM', () => console.log('ignoring SIGTERM'));
console.log('up');
setInterval(() => undefined, 60_000);
