'use strict';
module.exports = require('../n8n-workflow-resolver').packageCodeResolver('n8n-workflow-1.120');
