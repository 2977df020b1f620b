//! The /etc databases: hosts, services, protocols, networks and ethers.
