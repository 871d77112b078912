#!/usr/bin/env node
console.log('toolsmith: server not built yet');
