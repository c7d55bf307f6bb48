// The `hostile` jest project: test sandboxes play every point the spec leaves open the hard way.
process.env.PM_SANDBOX_PROFILE = 'hostile';
