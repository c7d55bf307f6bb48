// The `documented` jest project: test sandboxes play the service as its public docs describe it.
process.env.PM_SANDBOX_PROFILE = 'documented';
