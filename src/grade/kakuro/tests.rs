//! Each Kakuro rule on a tiny grid where its step is known.
