// Stylesheets have no behaviour under jest.
module.exports = {}
