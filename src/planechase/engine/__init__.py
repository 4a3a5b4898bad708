"""The rules engine: state, actions, events, decisions and the pure ``apply`` reducer."""
