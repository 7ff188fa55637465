// The benchmark runner (issue 11) lands here; until then it says so rather than pretend.
console.log('No benchmarks yet: see issue 11.');
