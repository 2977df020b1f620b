/* strftime's %Z uses tm_zone only when it is one of the library's own names (UTC, a
 * tzname entry, an abbreviation from the loaded zone file); musl 1.2.3 prints nothing for
 * any other pointer, including null. Checked for a POSIX zone, a file zone and UTC. */
#include <stdio.h>
#include <time.h>
extern char **environ;
static void t(char *tz){ static char e[64]; static char *env[]={e,0}; snprintf(e,64,"TZ=%s",tz); environ=env; tzset();
 struct tm tm={0}; char b[64];
 for(int z=0; z<3; z++) for(int d=0; d<=1; d++){ tm.tm_isdst=d; tm.tm_zone = z==0?0: z==1?"foo":tzname[1]; strftime(b,64,"[%Z]",&tm); printf("%s z%d d%d %s tzname=[%s][%s]\n",tz,z,d,b,tzname[0],tzname[1]);}
}
int main(void)
{
	t("UTC0");
	t("EST5EDT");
	t("America/New_York");
	time_t now = 1700000000;
	struct tm *lt = localtime(&now);
	char b[64];
	strftime(b, sizeof b, "[%Z]", lt);
	printf("localtime zone %s\n", b);
	return 0;
}
