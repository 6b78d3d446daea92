// Jest runs the frontend's pure modules; a stylesheet they import has nothing to test.
module.exports = {};
