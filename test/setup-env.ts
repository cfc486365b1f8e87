// Fixed zone so that anything rendered in local time is the same on every machine.
process.env.TZ = 'America/Los_Angeles';
