// Test fixture: a service that dies (exit code EXIT_CODE) at once or after EXIT_AFTER_MS.
console.log('starting, then exiting');
setTimeout(() => process.exit(Number(process.env.EXIT_CODE ?? 3)), Number(process.env.EXIT_AFTER_MS ?? 0));
