//! System V IPC and POSIX message queues: `<sys/ipc.h>`, `<sys/msg.h>`, `<sys/sem.h>`,
//! `<sys/shm.h>` and `<mqueue.h>`.
use core::ffi::{c_int, c_long, c_short, c_uint, c_ulong, c_ushort};

crate::types! {
    "sys/ipc.h" {
        pub type key_t = c_int;
    }
}

crate::constants! {
    "sys/ipc.h" {
        pub const IPC_PRIVATE: key_t = 0;
        pub const IPC_CREAT: c_int = 0o1000;
        pub const IPC_EXCL: c_int = 0o2000;
        pub const IPC_NOWAIT: c_int = 0o4000;
        pub const IPC_RMID: c_int = 0;
        pub const IPC_SET: c_int = 1;
        pub const IPC_STAT: c_int = 2;
        pub const IPC_INFO: c_int = 3;
    }
    "sys/sem.h" {
        pub const GETVAL: c_int = 12;
        pub const GETALL: c_int = 13;
        pub const SETVAL: c_int = 16;
        pub const SETALL: c_int = 17;
        pub const SEM_STAT: c_int = 18;
        pub const SEM_INFO: c_int = 19;
        pub const SEM_STAT_ANY: c_int = 20;
        pub const SEM_UNDO: c_short = 0x1000;
    }
    "sys/msg.h" {
        pub const MSG_NOERROR: c_int = 0o10000;
    }
}

crate::structs! {
    "sys/ipc.h" {
        /// `struct ipc_perm`: the key, owner, creator and mode of an IPC object.
        #[c = "struct ipc_perm"]
        #[derive(Clone, Copy, Default)]
        pub struct IpcPerm {
            #[c = "__ipc_perm_key"]
            pub key: key_t,
            pub uid: c_uint,
            pub gid: c_uint,
            pub cuid: c_uint,
            pub cgid: c_uint,
            pub mode: c_uint,
            #[c = "__ipc_perm_seq"]
            pub seq: c_int,
            #[c = "__pad1"]
            pub pad1: c_long,
            #[c = "__pad2"]
            pub pad2: c_long,
        }
    }
    "sys/msg.h" {
        /// `struct msqid_ds`.
        #[c = "struct msqid_ds"]
        #[derive(Clone, Copy, Default)]
        pub struct MsqidDs {
            pub msg_perm: IpcPerm,
            pub msg_stime: i64,
            pub msg_rtime: i64,
            pub msg_ctime: i64,
            pub msg_cbytes: c_ulong,
            pub msg_qnum: c_ulong,
            pub msg_qbytes: c_ulong,
            pub msg_lspid: c_int,
            pub msg_lrpid: c_int,
            #[c = "__unused"]
            pub unused: [c_ulong; 2],
        }
    }
    "sys/sem.h" {
        /// `struct semid_ds`; x86_64's keeps a padding word after each time.
        #[cfg(target_arch = "x86_64")]
        #[c = "struct semid_ds"]
        #[derive(Clone, Copy, Default)]
        pub struct SemidDs {
            pub sem_perm: IpcPerm,
            pub sem_otime: i64,
            #[c = "__unused1"]
            pub unused1: c_long,
            pub sem_ctime: i64,
            #[c = "__unused2"]
            pub unused2: c_long,
            pub sem_nsems: c_ushort,
            #[c = "__sem_nsems_pad"]
            pub nsems_pad: [u8; 6],
            #[c = "__unused3"]
            pub unused3: c_long,
            #[c = "__unused4"]
            pub unused4: c_long,
        }

        /// `struct semid_ds` of the generic 64-bit layout (aarch64, riscv64).
        #[cfg(not(target_arch = "x86_64"))]
        #[c = "struct semid_ds"]
        #[derive(Clone, Copy, Default)]
        pub struct SemidDs {
            pub sem_perm: IpcPerm,
            pub sem_otime: i64,
            pub sem_ctime: i64,
            pub sem_nsems: c_ushort,
            #[c = "__sem_nsems_pad"]
            pub nsems_pad: [u8; 6],
            #[c = "__unused3"]
            pub unused3: c_long,
            #[c = "__unused4"]
            pub unused4: c_long,
        }

        /// `struct sembuf`: one operation of `semop`.
        #[c = "struct sembuf"]
        #[derive(Clone, Copy, Default)]
        pub struct Sembuf {
            pub sem_num: c_ushort,
            pub sem_op: c_short,
            pub sem_flg: c_short,
        }
    }
    "sys/shm.h" {
        /// `struct shmid_ds`.
        #[c = "struct shmid_ds"]
        #[derive(Clone, Copy, Default)]
        pub struct ShmidDs {
            pub shm_perm: IpcPerm,
            pub shm_segsz: usize,
            pub shm_atime: i64,
            pub shm_dtime: i64,
            pub shm_ctime: i64,
            pub shm_cpid: c_int,
            pub shm_lpid: c_int,
            pub shm_nattch: c_ulong,
            #[c = "__pad1"]
            pub pad1: c_ulong,
            #[c = "__pad2"]
            pub pad2: c_ulong,
        }
    }
    "mqueue.h" {
        /// `struct mq_attr`: the queue's flags (`O_NONBLOCK`), capacity, message size limit
        /// and current length.
        #[c = "struct mq_attr"]
        #[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
        pub struct MqAttr {
            pub mq_flags: c_long,
            pub mq_maxmsg: c_long,
            pub mq_msgsize: c_long,
            pub mq_curmsgs: c_long,
            #[c = "__unused"]
            pub unused: [c_long; 4],
        }
    }
}
